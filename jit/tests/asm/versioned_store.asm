function main (asm, 388 bytes)
    00000  jmp 00000000000000DFh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov rdi,rsi
    00016  mov esi,0
    0001c  cmp rsi,rdi
    0001f  jge 0000000000000041h
    00025  test rsi,rsi
    00028  js 0000000000000041h
    0002e  mov eax,40h
    00033  cmp rdi,rax
    00036  jg 0000000000000041h
    0003c  jmp 0000000000000085h
; line 8: jge
    00041  cmp rsi,rdi
    00044  jge 000000000000007Ah
    0004a  nop [rax+rax]
    00053  nop [rax+rax]
    0005c  nop [rax]
; line 9: store
    00060  cmp rsi,40h
    00067  jae 00000000000000AFh
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
; trap: memory access out of bounds at line 9
    000af  mov rdi,r12
    000b2  mov rsi,1
    000bc  mov rdx,2
    000c6  mov rax,ADDR
    000d0  call rax  ; jit_trap
    000d2  jmp 00000000000000D7h
; unwind to the entry from the interpreter
    000d7  mov rsp,[r15+28h]
    000de  ret
; external entry (from the interpreter)
    000df  push rbp
    000e0  mov rbp,rsp
    000e3  push rbx
    000e4  push r12
    000e6  push r13
    000e8  push r14
    000ea  push r15
    000ec  mov r12,rdi
    000ef  mov r15,ADDR
    000f9  push qword ptr [r15+28h]
    00100  mov r14,ADDR
    0010a  mov r13,[r15+10h]
    00111  sub r13,[r15]
    00118  lea rax,[15Dh]
    0011f  push rax
    00120  mov [r15+28h],rsp
    00127  sub rsp,8
    0012b  mov rdx,rsi
    0012e  sub rsp,10h
    00135  mov rsi,[rdx]
    0013c  call 8
    00141  xor edx,edx
    00143  lea rsp,[rbp-30h]
    0014a  pop rcx
    0014b  mov [r15+28h],rcx
    00152  pop r15
    00154  pop r14
    00156  pop r13
    00158  pop r12
    0015a  pop rbx
    0015b  pop rbp
    0015c  ret
    0015d  lea rbp,[rsp+30h]
    00165  mov edx,1
    0016a  lea rsp,[rbp-30h]
    00171  pop rcx
    00172  mov [r15+28h],rcx
    00179  pop r15
    0017b  pop r14
    0017d  pop r13
    0017f  pop r12
    00181  pop rbx
    00182  pop rbp
    00183  ret

