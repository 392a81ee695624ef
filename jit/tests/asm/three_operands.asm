function main (asm, 250 bytes)
    00000  jmp 000000000000004Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 5: add
    00013  lea r8,[rsi+rdi]
; line 6: mul
    00018  imul r9,rsi,7
; line 7: sub
    0001f  mov rax,rdi
    00022  sub rax,2
    00026  mov [rbp-8],rax
; line 8: add
    0002d  add r8,r9
; line 9: add
    00030  add r8,[rbp-8]
; line 10: add
    00037  add rsi,r8
; line 11: add
    0003a  add rsi,rdi
; line 12: ret
    0003d  mov rax,rsi
    00040  mov rsp,rbp
    00043  pop rbp
    00044  ret
; unwind to the entry from the interpreter
    00045  mov rsp,[r15+28h]
    00049  ret
; external entry (from the interpreter)
    0004a  push rbp
    0004b  mov rbp,rsp
    0004e  push rbx
    0004f  push r12
    00051  push r13
    00053  push r14
    00055  push r15
    00057  mov r15,ADDR
    00061  mov [r15+30h],rdi
    00068  push qword ptr [r15+28h]
    0006f  mov r14,8
    00079  mov r13,[r15+10h]
    00080  sub r13,[r15]
    00087  lea rax,[0D3h]
    0008e  push rax
    0008f  mov [r15+28h],rsp
    00096  sub rsp,8
    0009a  mov rdx,rsi
    0009d  sub rsp,10h
    000a4  mov rsi,[rdx]
    000ab  mov rdi,[rdx+8]
    000b2  call 8
    000b7  xor edx,edx
    000b9  lea rsp,[rbp-30h]
    000c0  pop rcx
    000c1  mov [r15+28h],rcx
    000c8  pop r15
    000ca  pop r14
    000cc  pop r13
    000ce  pop r12
    000d0  pop rbx
    000d1  pop rbp
    000d2  ret
    000d3  lea rbp,[rsp+30h]
    000db  mov edx,1
    000e0  lea rsp,[rbp-30h]
    000e7  pop rcx
    000e8  mov [r15+28h],rcx
    000ef  pop r15
    000f1  pop r14
    000f3  pop r13
    000f5  pop r12
    000f7  pop rbx
    000f8  pop rbp
    000f9  ret

