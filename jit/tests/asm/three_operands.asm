function main (asm, 253 bytes)
    00000  jmp 000000000000004Dh
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
    0004c  ret
; external entry (from the interpreter)
    0004d  push rbp
    0004e  mov rbp,rsp
    00051  push rbx
    00052  push r12
    00054  push r13
    00056  push r14
    00058  push r15
    0005a  mov r15,ADDR
    00064  mov [r15+30h],rdi
    0006b  push qword ptr [r15+28h]
    00072  mov r14,8
    0007c  mov r13,[r15+10h]
    00083  sub r13,[r15]
    0008a  lea rax,[0D6h]
    00091  push rax
    00092  mov [r15+28h],rsp
    00099  sub rsp,8
    0009d  mov rdx,rsi
    000a0  sub rsp,10h
    000a7  mov rsi,[rdx]
    000ae  mov rdi,[rdx+8]
    000b5  call 8
    000ba  xor edx,edx
    000bc  lea rsp,[rbp-30h]
    000c3  pop rcx
    000c4  mov [r15+28h],rcx
    000cb  pop r15
    000cd  pop r14
    000cf  pop r13
    000d1  pop r12
    000d3  pop rbx
    000d4  pop rbp
    000d5  ret
    000d6  lea rbp,[rsp+30h]
    000de  mov edx,1
    000e3  lea rsp,[rbp-30h]
    000ea  pop rcx
    000eb  mov [r15+28h],rcx
    000f2  pop r15
    000f4  pop r14
    000f6  pop r13
    000f8  pop r12
    000fa  pop rbx
    000fb  pop rbp
    000fc  ret

