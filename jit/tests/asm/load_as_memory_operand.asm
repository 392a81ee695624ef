function main (asm, 378 bytes)
    00000  jmp 00000000000000CAh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 7: load
    00013  cmp rsi,7
    0001a  jae 000000000000003Bh
; line 8: mul
    00020  imul rdi,[r14+rsi*8]
; line 9: load
    00025  mov rsi,[r14+rsi*8+8]
; line 10: add
    0002d  add rsi,rsi
; line 11: add
    00030  add rsi,rdi
; line 12: ret
    00033  mov rax,rsi
    00036  mov rsp,rbp
    00039  pop rbp
    0003a  ret
; a group's span out of bounds: find the member
    0003b  lea rcx,[rsi]
    00043  cmp rcx,8
    0004a  jae 000000000000006Ah
    00050  lea rcx,[rsi+1]
    00058  cmp rcx,8
    0005f  jae 0000000000000096h
    00065  jmp 0000000000000096h
; trap: memory access out of bounds at line 7
    0006a  mov rdi,[r15+30h]
    00071  mov rsi,1
    0007b  mov rdx,0
    00085  mov rax,ADDR
    0008f  call rax  ; jit_trap
    00091  jmp 00000000000000C2h
; trap: memory access out of bounds at line 9
    00096  mov rdi,[r15+30h]
    0009d  mov rsi,1
    000a7  mov rdx,2
    000b1  mov rax,ADDR
    000bb  call rax  ; jit_trap
    000bd  jmp 00000000000000C2h
; unwind to the entry from the interpreter
    000c2  mov rsp,[r15+28h]
    000c9  ret
; external entry (from the interpreter)
    000ca  push rbp
    000cb  mov rbp,rsp
    000ce  push rbx
    000cf  push r12
    000d1  push r13
    000d3  push r14
    000d5  push r15
    000d7  mov r15,ADDR
    000e1  mov [r15+30h],rdi
    000e8  push qword ptr [r15+28h]
    000ef  mov r14,ADDR
    000f9  mov r13,[r15+10h]
    00100  sub r13,[r15]
    00107  lea rax,[153h]
    0010e  push rax
    0010f  mov [r15+28h],rsp
    00116  sub rsp,8
    0011a  mov rdx,rsi
    0011d  sub rsp,10h
    00124  mov rsi,[rdx]
    0012b  mov rdi,[rdx+8]
    00132  call 8
    00137  xor edx,edx
    00139  lea rsp,[rbp-30h]
    00140  pop rcx
    00141  mov [r15+28h],rcx
    00148  pop r15
    0014a  pop r14
    0014c  pop r13
    0014e  pop r12
    00150  pop rbx
    00151  pop rbp
    00152  ret
    00153  lea rbp,[rsp+30h]
    0015b  mov edx,1
    00160  lea rsp,[rbp-30h]
    00167  pop rcx
    00168  mov [r15+28h],rcx
    0016f  pop r15
    00171  pop r14
    00173  pop r13
    00175  pop r12
    00177  pop rbx
    00178  pop rbp
    00179  ret

