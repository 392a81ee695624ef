function main (asm, 404 bytes)
    00000  jmp 00000000000000EBh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov rax,0
    0000f  cmp rax,rsi
    00012  jge 00000000000000AFh
    00018  push rbp
    00019  mov rbp,rsp
    0001c  sub rsp,0
    00023  mov rdi,rsi
    00026  mov esi,0
    0002c  cmp rsi,rdi
    0002f  jge 0000000000000051h
    00035  test rsi,rsi
    00038  js 0000000000000051h
    0003e  mov eax,40h
    00043  cmp rdi,rax
    00046  jg 0000000000000051h
    0004c  jmp 0000000000000085h
; line 8: jge
    00051  cmp rsi,rdi
    00054  jge 000000000000007Ah
    0005a  nop [rax+rax]
; line 9: store
    00060  cmp rsi,40h
    00067  jae 00000000000000B7h
    0006d  mov [r14+rsi*8],rsi
; line 10: add
    00071  add rsi,1
; line 11: jmp
; line 8: jge
    00075  cmp rsi,rdi
    00078  jl 0000000000000060h
; line 13: ret
    0007a  mov eax,0
    00080  mov rsp,rbp
    00083  pop rbp
    00084  ret
; line 8: jge
; unchecked copy of the loop at line 8
    00085  cmp rsi,rdi
    00088  jge 000000000000007Ah
    0008a  nop [rax+rax]
    00093  nop [rax+rax]
    0009c  nop [rax]
; line 9: store
    000a0  mov [r14+rsi*8],rsi
; line 10: add
    000a4  add rsi,1
; line 11: jmp
; line 8: jge
    000a8  cmp rsi,rdi
    000ab  jl 00000000000000A0h
    000ad  jmp 000000000000007Ah
; return before the frame
    000af  mov rax,0
    000b6  ret
; trap: memory access out of bounds at line 9
    000b7  mov rdi,[r15+30h]
    000be  mov rsi,1
    000c8  mov rdx,2
    000d2  mov rax,ADDR
    000dc  call rax  ; jit_trap
    000de  jmp 00000000000000E3h
; unwind to the entry from the interpreter
    000e3  mov rsp,[r15+28h]
    000ea  ret
; external entry (from the interpreter)
    000eb  push rbp
    000ec  mov rbp,rsp
    000ef  push rbx
    000f0  push r12
    000f2  push r13
    000f4  push r14
    000f6  push r15
    000f8  mov r15,ADDR
    00102  mov [r15+30h],rdi
    00109  push qword ptr [r15+28h]
    00110  mov r14,ADDR
    0011a  mov r13,[r15+10h]
    00121  sub r13,[r15]
    00128  lea rax,[16Dh]
    0012f  push rax
    00130  mov [r15+28h],rsp
    00137  sub rsp,8
    0013b  mov rdx,rsi
    0013e  sub rsp,10h
    00145  mov rsi,[rdx]
    0014c  call 8
    00151  xor edx,edx
    00153  lea rsp,[rbp-30h]
    0015a  pop rcx
    0015b  mov [r15+28h],rcx
    00162  pop r15
    00164  pop r14
    00166  pop r13
    00168  pop r12
    0016a  pop rbx
    0016b  pop rbp
    0016c  ret
    0016d  lea rbp,[rsp+30h]
    00175  mov edx,1
    0017a  lea rsp,[rbp-30h]
    00181  pop rcx
    00182  mov [r15+28h],rcx
    00189  pop r15
    0018b  pop r14
    0018d  pop r13
    0018f  pop r12
    00191  pop rbx
    00192  pop rbp
    00193  ret

